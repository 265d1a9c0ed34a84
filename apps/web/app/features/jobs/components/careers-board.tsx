import { jobMessages } from '@synergie/shared/job-messages';
import { Briefcase, Handshake, LogIn, Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { useSession } from '~/features/auth';
import { notify } from '~/lib/toast';
import { type JobOffer, useJobs } from '../api/get-jobs';
import { JobOfferCard } from './job-offer-card';

// The dialogs (zod, react-hook-form, Radix) load on first use: the prerendered page stays light.
const loadJobDialog = () => import('./job-dialog');
const loadApplyDialog = () => import('./apply-dialog');
const loadDeleteDialog = () => import('./delete-job-dialog');
const JobDialog = lazy(loadJobDialog);
const ApplyDialog = lazy(loadApplyDialog);
const DeleteJobDialog = lazy(loadDeleteDialog);

type OpenDialog = { kind: 'publish' } | { kind: 'apply'; job: JobOffer } | { kind: 'delete'; job: JobOffer } | null;

const SKELETONS = ['a', 'b', 'c'];

/** The offers (own first) and the 'Publier une offre' panel of /careers. */
export function CareersBoard() {
  const navigate = useNavigate();
  const session = useSession();
  const userId = session.data?.user.id ?? null;
  const jobs = useJobs(userId, !session.isPending);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  useEffect(() => {
    if (jobs.isError) notify.error(jobMessages.loadFailed);
  }, [jobs.isError]);

  const openPublish = () => {
    if (!userId) {
      notify.error(jobMessages.signInRequired);
      void navigate('/auth');
      return;
    }
    setDialog({ kind: 'publish' });
  };
  const openApply = (job: JobOffer) => {
    if (!userId) {
      notify.error(jobMessages.signInToApply);
      void navigate('/auth');
      return;
    }
    setDialog({ kind: 'apply', job });
  };
  const preload = () => {
    if (!userId) return;
    void loadApplyDialog();
    void loadDeleteDialog();
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:px-8">
      <section aria-labelledby="offers-title" className="lg:col-span-2">
        <h2 id="offers-title" className="mb-6 text-3xl font-bold tracking-tight text-slate-900">
          Offres d’emploi
        </h2>
        {session.isPending || jobs.isPending ? (
          <Loading label="Chargement des offres…">
            <ul aria-hidden="true" className="flex flex-col gap-6">
              {SKELETONS.map((key) => (
                <li key={key} className="h-56 animate-pulse rounded-xl border border-slate-200 bg-white" />
              ))}
            </ul>
          </Loading>
        ) : jobs.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
            {jobMessages.loadFailed}
          </p>
        ) : jobs.data.length === 0 ? (
          <EmptyState icon={Briefcase}>
            Aucune offre d’emploi pour le moment. Les offres publiées par les membres du réseau apparaîtront ici.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-6" aria-label="Offres d’emploi">
            {jobs.data.map((job) => (
              <li key={job.id}>
                <JobOfferCard
                  job={job}
                  onApply={() => openApply(job)}
                  onDelete={() => setDialog({ kind: 'delete', job })}
                  onIntent={preload}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <aside aria-labelledby="publish-title">
        <Card className="border-brand-100 bg-brand-50 lg:sticky lg:top-24">
          <CardHeader>
            <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-white text-brand-800">
              <Handshake aria-hidden="true" className="size-6" />
            </span>
            <h2 id="publish-title" className="text-xl font-semibold leading-tight text-slate-900">
              Publier une offre
            </h2>
            <CardDescription className="text-base text-slate-700">
              {userId
                ? 'Vous recrutez ? Publiez votre offre : les membres du réseau postulent et vous recevez leurs candidatures par email.'
                : 'Vous recrutez ? Connectez-vous pour publier votre offre et recevoir les candidatures des membres du réseau.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {userId ? (
              <Button
                type="button"
                className="w-full"
                onClick={openPublish}
                onPointerEnter={loadJobDialog}
                onFocus={loadJobDialog}
              >
                <Plus aria-hidden="true" />
                Publier une offre
              </Button>
            ) : (
              <Button asChild className="w-full">
                <Link to="/auth">
                  <LogIn aria-hidden="true" />
                  Se connecter
                </Link>
              </Button>
            )}
          </CardContent>
        </Card>
      </aside>

      <Suspense fallback={null}>
        {dialog?.kind === 'publish' ? <JobDialog onClose={close} /> : null}
        {dialog?.kind === 'apply' ? <ApplyDialog job={dialog.job} onClose={close} /> : null}
        {dialog?.kind === 'delete' ? <DeleteJobDialog job={dialog.job} onClose={close} /> : null}
      </Suspense>
    </div>
  );
}
