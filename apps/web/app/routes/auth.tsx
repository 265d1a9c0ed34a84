import { useLocation } from 'react-router';
import { AUTH_TAB_PATHS, AuthTabs, useLeaveWhenSignedIn } from '~/features/auth';
import { seo } from '~/lib/seo';

export const meta = ({ location }: { location: { pathname: string } }) => {
  const signUp = location.pathname.replace(/\/$/, '') === AUTH_TAB_PATHS.inscription;
  return seo({
    title: signUp ? 'Inscription' : 'Connexion',
    description:
      'Connectez-vous à votre espace membre Synergie Pro ou créez votre compte pour rejoindre le réseau d’affaires.',
    path: signUp ? AUTH_TAB_PATHS.inscription : AUTH_TAB_PATHS.connexion,
    noindex: true,
  });
};

export default function AuthPage() {
  useLeaveWhenSignedIn();
  // One module for both tabs' pages (routes.ts): the address says which one shows.
  const { pathname } = useLocation();
  const tab = pathname.replace(/\/$/, '') === AUTH_TAB_PATHS.inscription ? 'inscription' : 'connexion';
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Connexion</h1>
        <p className="mt-2 text-slate-600">Accédez à votre espace membre ou rejoignez le réseau.</p>
      </div>
      <AuthTabs tab={tab} />
    </section>
  );
}
