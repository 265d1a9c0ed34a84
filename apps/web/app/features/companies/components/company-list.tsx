import { MapPin } from 'lucide-react';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent } from '~/components/ui/card';
import { partnerCompanies } from '../lib/partner-companies';

/** /companies: the six partner companies, as cards. */
export function CompanyList() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {partnerCompanies.map((company) => (
        <li key={company.slug}>
          <Card className="h-full">
            <CardContent className="flex h-full flex-col gap-3 pt-6">
              <img
                src={company.logo}
                alt={`Logo de ${company.name}`}
                width={96}
                height={96}
                loading="lazy"
                className="size-24 rounded-lg border border-slate-100"
              />
              <h2 className="text-xl font-semibold text-slate-900">{company.name}</h2>
              <div className="flex flex-wrap items-center gap-2">
                <Badge>{company.sector}</Badge>
                <span className="flex items-center gap-1 text-sm text-slate-600">
                  <MapPin aria-hidden="true" className="size-4" />
                  {company.city}
                </span>
              </div>
              <p className="text-slate-700">{company.description}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
