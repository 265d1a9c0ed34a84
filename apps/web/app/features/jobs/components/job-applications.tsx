import { formatDateTime } from '@synergie/shared/format';
import { jobMessages } from '@synergie/shared/job-messages';
import { ChevronDown, Inbox } from 'lucide-react';
import { useId, useState } from 'react';
import { Loading } from '~/components/query-state';
import { parseApiDateTime } from '~/lib/api-dates';
import { useJobApplications } from '../api/get-job-applications';

/** The applications an offer received, for its author: opened on demand, then kept fresh. */
export default function JobApplications({ jobId, count }: { jobId: string; count: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const applications = useJobApplications(jobId, open);
  const label = count === 0 ? 'Aucune candidature reçue' : `Candidatures reçues (${count})`;

  if (count === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Inbox aria-hidden="true" className="size-4" />
        {label}
      </p>
    );
  }

  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="flex items-center gap-2">
          <Inbox aria-hidden="true" className="size-4" />
          {label}
        </span>
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 px-4 py-3">
        {!open ? null : applications.isPending ? (
          <Loading variant="text" className="text-sm" label="Chargement des candidatures…" />
        ) : applications.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {jobMessages.applicationsLoadFailed}
          </p>
        ) : (
          <ul className="flex flex-col gap-4">
            {applications.data.map((application) => (
              <li key={application.id} className="rounded-md bg-white p-3 shadow-sm">
                <p className="font-semibold text-slate-900">
                  {application.applicant.fullName ?? jobMessages.anonymous}
                  {application.applicant.companyName ? (
                    <span className="font-normal text-slate-600"> — {application.applicant.companyName}</span>
                  ) : null}
                </p>
                <p className="text-xs text-slate-600">
                  <time dateTime={application.createdAt}>
                    {formatDateTime(parseApiDateTime(application.createdAt))}
                  </time>
                </p>
                <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">{application.message}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
