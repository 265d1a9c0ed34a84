import { Euro, MapPin } from 'lucide-react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import type { Opportunity } from '../sample-opportunities';

export function OpportunityCard({ opportunity }: { opportunity: Opportunity }) {
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <Badge className="self-start">{opportunity.sector}</Badge>
        <CardTitle className="mt-2 text-xl">{opportunity.title}</CardTitle>
        <CardDescription className="text-base">{opportunity.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2 text-sm text-slate-700">
          <div className="flex items-center gap-2">
            <dt>
              <Euro aria-hidden="true" className="size-4 text-accent-600" />
              <span className="sr-only">Budget</span>
            </dt>
            <dd className="font-semibold text-slate-900">{opportunity.budget}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <MapPin aria-hidden="true" className="size-4 text-accent-600" />
              <span className="sr-only">Lieu</span>
            </dt>
            <dd>{opportunity.location}</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="mt-auto">
        {/* Spec section 2: the 'Postuler' button of this static page does nothing yet. */}
        <Button type="button">Postuler</Button>
      </CardFooter>
    </Card>
  );
}
