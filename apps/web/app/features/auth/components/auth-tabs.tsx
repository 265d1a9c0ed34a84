import * as Tabs from '@radix-ui/react-tabs';
import { Link } from 'react-router';
import { Card, CardContent } from '~/components/ui/card';

// Accounts arrive with the next issue; until then each tab explains when the member area opens.
const tabs = [
  {
    value: 'connexion',
    label: 'Connexion',
    text: "L'espace membre ouvre très bientôt. Vous pourrez alors vous connecter ici pour accéder à l'annuaire, aux événements et à votre programme de parrainage.",
  },
  {
    value: 'inscription',
    label: 'Inscription',
    text: 'Les inscriptions ouvrent très bientôt. Vous pourrez alors créer votre compte ici et démarrer votre essai gratuit de 14 jours.',
  },
] as const;

export function AuthTabs() {
  return (
    <Tabs.Root defaultValue="connexion" className="w-full">
      <Tabs.List aria-label="Connexion ou inscription" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="mt-4">
          <Card>
            <CardContent className="flex flex-col gap-4 pt-6">
              <p className="text-slate-700">{tab.text}</p>
              <p className="text-slate-700">
                <Link to="/contact" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                  Contactez-nous
                </Link>{' '}
                pour être informé de l'ouverture.
              </p>
            </CardContent>
          </Card>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
