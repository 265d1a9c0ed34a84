import type * as React from 'react';

/** The coloured band that opens most pages, with the page's one h1. */
export function PageHero({
  title,
  children,
  eyebrow,
}: {
  title: string;
  eyebrow?: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        {eyebrow ? (
          <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-100">{eyebrow}</p>
        ) : null}
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl lg:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-brand-50">{children}</div> : null}
      </div>
    </section>
  );
}
