import * as Tabs from '@radix-ui/react-tabs';
import { Card, CardContent } from '~/components/ui/card';
import { SignInPanel } from './sign-in-panel';
import { SignUpForm } from './sign-up-form';

const triggerClass =
  'rounded-md px-3 py-2 text-sm font-semibold text-slate-700 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm';

/** The /auth page's two tabs (spec section 2): Connexion and Inscription. */
export function AuthTabs() {
  return (
    <Tabs.Root defaultValue="connexion" className="w-full">
      <Tabs.List aria-label="Connexion ou inscription" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1">
        <Tabs.Trigger value="connexion" className={triggerClass}>
          Connexion
        </Tabs.Trigger>
        <Tabs.Trigger value="inscription" className={triggerClass}>
          Inscription
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="connexion" className="mt-4 focus-visible:outline-2 focus-visible:outline-brand-600">
        <Card>
          <CardContent className="pt-6">
            <SignInPanel />
          </CardContent>
        </Card>
      </Tabs.Content>
      <Tabs.Content value="inscription" className="mt-4 focus-visible:outline-2 focus-visible:outline-brand-600">
        <Card>
          <CardContent className="pt-6">
            <SignUpForm />
          </CardContent>
        </Card>
      </Tabs.Content>
    </Tabs.Root>
  );
}
