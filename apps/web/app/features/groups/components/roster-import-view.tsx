import {
  ROSTER_ACTION_LABELS,
  ROSTER_FIELD_LABELS,
  type RosterImportResult,
  type RosterMapping,
  type RosterReview,
  type RosterTable,
} from '@synergie/shared/roster-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileSpreadsheet } from 'lucide-react';
import type * as React from 'react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadError, Loading, NotFound } from '~/components/query-state';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FileInput } from '~/components/ui/file-input';
import { useTradeCatalogue } from '~/features/profile';
import { apiErrorMessage, isNotFoundError } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { useGroupPage } from '../api/get-group-page';
import { checkRoster, importRoster, readRosterFile } from '../api/roster-import';

const selectClass =
  'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700';
const sectionTitle = 'mb-4 text-2xl font-bold text-slate-900';

/** The fields of the mapping besides the name (which takes one or two columns). */
const SINGLE_FIELDS = ['email', 'phone', 'company', 'trade', 'role', 'form'] as const;

/**
 * /groupes/:slug/import (issue 33, docs/product/roster-import.md): the leaders' import of a
 * roster. The file is read by the server; the columns are mapped here (guessed from the headers),
 * the dry run lists each line's problem, trades that are ambiguous or unknown are chosen, then the
 * import (all or nothing).
 */
export function RosterImportView({ slug, notFound }: { slug: string; notFound: React.ReactNode }) {
  const publicPage = useGroupPage(slug);
  if (publicPage.isPending) return <Loading label="Chargement du groupe…" className="mx-auto max-w-5xl px-4 py-12" />;
  if (publicPage.isError) {
    if (isNotFoundError(publicPage.error)) return <NotFound>{notFound}</NotFound>;
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <LoadError
          message="Impossible de charger le groupe."
          error={publicPage.error}
          onRetry={() => publicPage.refetch()}
        />
      </div>
    );
  }
  const group = publicPage.data.group;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
          <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-100">Espace des responsables</p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Importer la liste des membres</h1>
          <p className="mt-2 text-brand-100">{group.name}</p>
          <Button asChild variant="onDark" size="sm" className="mt-4">
            <Link to={`/groupes/${group.slug}/gestion`}>
              <ArrowLeft aria-hidden="true" />
              Page des responsables
            </Link>
          </Button>
        </div>
      </section>
      <RosterImport groupId={group.id} slug={group.slug} />
    </>
  );
}

export function RosterImport({ groupId, slug }: { groupId: string; slug: string }) {
  const queryClient = useQueryClient();
  const [table, setTable] = useState<RosterTable | null>(null);
  const [mapping, setMapping] = useState<RosterMapping | null>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [review, setReview] = useState<RosterReview | null>(null);
  const [result, setResult] = useState<RosterImportResult | null>(null);
  const fileId = useId();

  const bodyOf = (nextChoices = choices) => ({
    headers: table?.headers ?? [],
    rows: table?.rows ?? [],
    mapping: mapping ?? { name: [], email: null, phone: null, company: null, trade: null, role: null, form: null },
    tradeChoices: nextChoices,
  });

  const reading = useMutation({
    mutationFn: (file: File) => readRosterFile(groupId, file),
    onSuccess: (read) => {
      setTable(read);
      setMapping(read.mapping);
      setChoices({});
      setReview(null);
      setResult(null);
    },
  });
  const checking = useMutation({
    mutationFn: (nextChoices: Record<string, string>) => checkRoster(groupId, bodyOf(nextChoices)),
    onSuccess: setReview,
  });
  const importing = useMutation({
    mutationFn: () => importRoster(groupId, bodyOf()),
    onSuccess: async (done) => {
      setResult(done);
      await queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
    },
  });

  const onFile = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement | null;
    const file = input?.files?.[0];
    if (file) reading.mutate(file);
  };
  const remap = (next: RosterMapping) => {
    setMapping(next);
    setReview(null);
  };
  const choose = (key: string, tradeId: string) => {
    const next = { ...choices };
    if (tradeId) next[key] = tradeId;
    else delete next[key];
    setChoices(next);
    checking.mutate(next);
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-8 sm:px-6 lg:px-8">
      <section aria-labelledby="roster-file-title">
        <h2 id="roster-file-title" className={sectionTitle}>
          1. Le fichier
        </h2>
        <form onSubmit={onFile} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-col gap-1.5">
            <label id={`${fileId}-label`} htmlFor={fileId} className="text-sm font-medium text-slate-900">
              {'Liste des membres (CSV ou XLSX, 500 lignes au plus)'}
            </label>
            <FileInput
              id={fileId}
              labelledBy={`${fileId}-label`}
              name="file"
              required
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            />
          </div>
          <Button type="submit" disabled={reading.isPending}>
            <FileSpreadsheet aria-hidden="true" />
            {reading.isPending ? 'Lecture…' : 'Lire le fichier'}
          </Button>
        </form>
        <p className="mt-2 text-sm text-slate-600">
          {
            'Une liste exportée de BNI Connect s’importe telle quelle (colonnes First Name, Last Name, Company Name, Email, Phone, Profession/Specialty, Chapter Role). Un CSV enregistré par Excel (séparateur point-virgule ou virgule, UTF-8 ou Windows-1252) convient aussi.'
          }
        </p>
        <p className="mt-2 text-sm text-slate-600">
          {
            'Colonne facultative Civilité (Madame ou Mme, Monsieur ou M.)\u00a0: les comptes créés pour «\u00a0Madame\u00a0» lisent leurs titres et leur métier au féminin (Présidente, Avocate). Sans elle, un métier ou un rôle écrit au féminin dans le fichier suffit\u202f; sinon, le masculin. Chaque membre peut le changer ensuite sur son profil.'
          }
        </p>
        {reading.isError ? (
          <Alert variant="destructive" className="mt-4">
            <AlertDescription>{apiErrorMessage(reading.error, 'Le fichier n’a pas pu être lu.')}</AlertDescription>
          </Alert>
        ) : null}
      </section>

      {table && mapping ? (
        <section aria-labelledby="roster-mapping-title">
          <h2 id="roster-mapping-title" className={sectionTitle}>
            2. Les colonnes
          </h2>
          <p className="mb-4 text-slate-700">
            {`${table.rows.length} ligne${table.rows.length > 1 ? 's' : ''} lue${table.rows.length > 1 ? 's' : ''}${
              table.encoding
                ? ` (${table.encoding === 'windows-1252' ? 'Windows-1252' : table.encoding.toUpperCase()})`
                : ''
            }. Vérifiez à quelle colonne correspond chaque information.`}
          </p>
          <MappingForm headers={table.headers} mapping={mapping} onChange={remap} />
          <Preview table={table} />
          <Button className="mt-6" onClick={() => checking.mutate(choices)} disabled={checking.isPending}>
            {checking.isPending ? 'Vérification…' : 'Vérifier l’import'}
          </Button>
          {checking.isError ? (
            <Alert variant="destructive" className="mt-4">
              <AlertDescription>{apiErrorMessage(checking.error, 'La vérification a échoué.')}</AlertDescription>
            </Alert>
          ) : null}
        </section>
      ) : null}

      {review && !result ? (
        <section aria-labelledby="roster-review-title">
          <h2 id="roster-review-title" className={sectionTitle}>
            3. La vérification
          </h2>
          <ReviewSummary review={review} />
          <TradeChoices review={review} choices={choices} onChoose={choose} />
          <ReviewLines review={review} />
          <div className="mt-6 flex flex-col gap-3">
            <Button
              variant="accent"
              className="self-start"
              disabled={!review.ready || importing.isPending || checking.isPending}
              onClick={() => importing.mutate()}
            >
              {importing.isPending
                ? 'Import…'
                : `Importer ${review.counts.create + review.counts.attach} membre${review.counts.create + review.counts.attach > 1 ? 's' : ''}`}
            </Button>
            {!review.ready ? (
              <p className="text-sm text-slate-700">
                Rien n’est importé tant qu’une ligne a un problème. Corrigez le fichier ou les choix ci-dessus.
              </p>
            ) : null}
            {importing.isError ? (
              <Alert variant="destructive">
                <AlertDescription>{apiErrorMessage(importing.error, 'L’import a échoué.')}</AlertDescription>
              </Alert>
            ) : null}
          </div>
        </section>
      ) : null}

      {result ? (
        <section aria-labelledby="roster-done-title">
          <h2 id="roster-done-title" className={sectionTitle}>
            Import terminé
          </h2>
          <Alert variant="info">
            <AlertTitle>{'Les membres sont inscrits dans le groupe.'}</AlertTitle>
            <AlertDescription>
              {`${result.created} compte${result.created > 1 ? 's' : ''} créé${result.created > 1 ? 's' : ''} et invité${result.created > 1 ? 's' : ''} par email, ${result.attached} compte${result.attached > 1 ? 's' : ''} existant${result.attached > 1 ? 's' : ''} rattaché${result.attached > 1 ? 's' : ''}, ${result.unchanged} déjà membre${result.unchanged > 1 ? 's' : ''}.`}
            </AlertDescription>
          </Alert>
          <Button asChild className="mt-4">
            <Link to={`/groupes/${slug}/gestion?onglet=membres`}>Voir les membres du groupe</Link>
          </Button>
        </section>
      ) : null}
    </div>
  );
}

function ColumnSelect({
  label,
  headers,
  value,
  onChange,
}: {
  label: string;
  headers: string[];
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <select
        id={id}
        className={selectClass}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">Aucune colonne</option>
        {headers.map((header, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position.
          <option key={index} value={String(index)}>
            {header || `Colonne ${index + 1}`}
          </option>
        ))}
      </select>
    </div>
  );
}

function MappingForm({
  headers,
  mapping,
  onChange,
}: {
  headers: string[];
  mapping: RosterMapping;
  onChange: (mapping: RosterMapping) => void;
}) {
  const setName = (position: 0 | 1, value: number | null) => {
    const name = [mapping.name[0] ?? null, mapping.name[1] ?? null];
    name[position] = value;
    onChange({ ...mapping, name: name.filter((i): i is number => i !== null) });
  };
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">Correspondance des colonnes</legend>
      <ColumnSelect
        label="Nom (ou prénom)"
        headers={headers}
        value={mapping.name[0] ?? null}
        onChange={(v) => setName(0, v)}
      />
      <ColumnSelect
        label="Nom, suite (facultatif)"
        headers={headers}
        value={mapping.name[1] ?? null}
        onChange={(v) => setName(1, v)}
      />
      {SINGLE_FIELDS.map((field) => (
        <ColumnSelect
          key={field}
          label={ROSTER_FIELD_LABELS[field]}
          headers={headers}
          value={mapping[field]}
          onChange={(value) => onChange({ ...mapping, [field]: value })}
        />
      ))}
    </fieldset>
  );
}

function Preview({ table }: { table: RosterTable }) {
  const rows = table.rows.slice(0, 5);
  return (
    // A scrolling region (a file may have many columns): reachable by keyboard (axe's scrollable-region-focusable).
    <section
      className="mt-6 overflow-x-auto rounded-lg border border-slate-200"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label="Aperçu des premières lignes du fichier"
    >
      <table className="min-w-full text-left text-sm">
        <caption className="px-3 py-2 text-left text-sm text-slate-700">Aperçu des premières lignes du fichier</caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            <th scope="col" className="px-3 py-2">
              Ligne
            </th>
            {table.headers.map((header, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position.
              <th key={index} scope="col" className="px-3 py-2">
                {header || `Colonne ${index + 1}`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} className="border-t border-slate-100">
              <td className="px-3 py-2 text-slate-700">{row.line}</td>
              {table.headers.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position.
                <td key={index} className="px-3 py-2 text-slate-900">
                  {row.cells[index] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ReviewSummary({ review }: { review: RosterReview }) {
  const { counts } = review;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-wrap gap-3 text-sm" aria-label="Résumé de la vérification">
        <li>
          <Badge variant="secondary">{`${counts.create} à créer et inviter`}</Badge>
        </li>
        <li>
          <Badge variant="secondary">{`${counts.attach} compte${counts.attach > 1 ? 's' : ''} existant${counts.attach > 1 ? 's' : ''}`}</Badge>
        </li>
        <li>
          <Badge variant="secondary">{`${counts.unchanged} déjà membre${counts.unchanged > 1 ? 's' : ''}`}</Badge>
        </li>
        <li>
          <Badge variant={counts.refused > 0 ? 'accent' : 'success'}>
            {`${counts.refused} ligne${counts.refused > 1 ? 's' : ''} avec un problème`}
          </Badge>
        </li>
      </ul>
      {review.problems.length > 0 ? (
        <Alert variant="destructive">
          <AlertTitle>Le fichier ne peut pas être importé</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-5">
              {review.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      {review.ready ? (
        <Alert variant="info">
          <AlertDescription>{'Tout est prêt\u00a0: aucune ligne n’a de problème.'}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

function TradeChoices({
  review,
  choices,
  onChoose,
}: {
  review: RosterReview;
  choices: Record<string, string>;
  onChoose: (key: string, tradeId: string) => void;
}) {
  const needed = review.trades.filter((t) => t.match === 'ambiguous' || t.match === 'unknown' || t.match === 'chosen');
  const catalogue = useTradeCatalogue();
  if (needed.length === 0) return null;
  return (
    <fieldset className="mt-6 flex flex-col gap-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-slate-900">Métiers à préciser</legend>
      {needed.map((trade) => (
        <TradeChoice
          key={trade.key}
          text={trade.text}
          value={choices[trade.key] ?? ''}
          options={trade.candidates.length > 0 ? trade.candidates : (catalogue.data?.trades ?? [])}
          onChange={(tradeId) => onChoose(trade.key, tradeId)}
        />
      ))}
    </fieldset>
  );
}

function TradeChoice({
  text,
  value,
  options,
  onChange,
}: {
  text: string;
  value: string;
  options: { id: string; label: string }[];
  onChange: (tradeId: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 sm:max-w-md">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {`Métier du catalogue pour «\u00a0${text}\u00a0»`}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choisir un métier</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ReviewLines({ review }: { review: RosterReview }) {
  return (
    <section
      className="mt-6 overflow-x-auto rounded-lg border border-slate-200"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label="Chaque ligne du fichier et ce que l’import en fera"
    >
      <table className="min-w-full text-left text-sm">
        <caption className="px-3 py-2 text-left text-sm text-slate-700">
          Chaque ligne du fichier et ce que l’import en fera
        </caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            <th scope="col" className="px-3 py-2">
              Ligne
            </th>
            <th scope="col" className="px-3 py-2">
              Nom
            </th>
            <th scope="col" className="px-3 py-2">
              Email
            </th>
            <th scope="col" className="px-3 py-2">
              Métier
            </th>
            <th scope="col" className="px-3 py-2">
              Résultat
            </th>
          </tr>
        </thead>
        <tbody>
          {review.lines.map((line) => (
            <tr key={line.line} className="border-t border-slate-100 align-top">
              <td className="px-3 py-2 text-slate-700">{line.line}</td>
              <td className="px-3 py-2 text-slate-900">{line.name}</td>
              <td className="px-3 py-2 text-slate-900">{line.email}</td>
              <td className="px-3 py-2 text-slate-900">{line.tradeLabel ?? line.trade?.label ?? line.tradeText}</td>
              <td className="px-3 py-2">
                <span
                  className={line.action === 'refused' ? 'font-semibold text-red-800' : 'font-semibold text-slate-900'}
                >
                  {ROSTER_ACTION_LABELS[line.action]}
                </span>
                {line.problems.length > 0 || line.notes.length > 0 ? (
                  <ul className="mt-1 flex flex-col gap-0.5">
                    {line.problems.map((problem) => (
                      <li key={problem} className="text-red-800">
                        {problem}
                      </li>
                    ))}
                    {line.notes.map((note) => (
                      <li key={note} className="text-slate-700">
                        {note}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
