// The partner companies directory: the public surface (docs/architecture.md "Feature boundaries").
export { CompanyList } from './components/company-list';
