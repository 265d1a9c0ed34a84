// The member's profile and account: the public surface (docs/architecture.md "Feature
// boundaries"). Pure re-exports: the navigation's useMe loads no form code.
export { useMe } from './api/get-me';
export { useTradeCatalogue } from './api/get-trade-catalogue';
export { AccountDataCard } from './components/account-data-card';
export { ProfileForm } from './components/profile-form';
export { ProfileHeader } from './components/profile-header';
export { ProfileImages } from './components/profile-images';
export { TradeCombobox } from './components/trade-combobox';
export { PickTradePrompt, RegulatedTradeNotice } from './components/trade-notices';
export { foldForSearch } from './lib/fold';
