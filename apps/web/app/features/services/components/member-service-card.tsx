import { serviceMessages } from '@synergie/shared/services-messages';
import { Check, Code, ExternalLink as ExternalLinkIcon, Pencil, Trash2 } from 'lucide-react';
import { ExternalLink } from '~/components/external-link';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { externalHref } from '~/lib/external-href';
import { storedImageSrc } from '~/lib/stored-image';
import type { Service } from '../api/get-services';

/** A member's service: image, title, owner, description, features, 'Visiter le site', and the owner's buttons. */
export function MemberServiceCard({
  service,
  isOwner,
  onEdit,
  onDelete,
  onIntent,
}: {
  service: Service;
  isOwner: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Hover or focus on an owner button: a chance to load the dialog before the click. */
  onIntent?: () => void;
}) {
  const src = storedImageSrc(service.imageUrl);
  const href = externalHref(service.websiteUrl);
  const owner = service.ownerCompany ? `${service.ownerName} · ${service.ownerCompany}` : service.ownerName;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {src ? (
        <img
          src={src}
          alt=""
          width={800}
          height={500}
          loading="lazy"
          decoding="async"
          className="aspect-[8/5] w-full bg-slate-100 object-cover"
        />
      ) : null}
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
            <Code aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <CardTitle className="break-words">{service.title}</CardTitle>
            <p className="text-sm text-slate-600">Proposé par {owner}</p>
          </div>
        </div>
        <CardDescription className="whitespace-pre-line break-words text-base">{service.description}</CardDescription>
      </CardHeader>
      {service.features.length > 0 ? (
        <CardContent>
          <ul className="flex flex-col gap-2 text-sm text-slate-700" aria-label={`Points forts : ${service.title}`}>
            {service.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2 break-words">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-600" />
                {feature}
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
      {href || isOwner ? (
        <CardFooter className="mt-auto flex flex-wrap gap-2">
          {href ? (
            <Button asChild variant="outline" size="sm">
              <ExternalLink href={href} context={`: ${service.title}`}>
                <ExternalLinkIcon aria-hidden="true" />
                {serviceMessages.visitSite}
              </ExternalLink>
            </Button>
          ) : null}
          {isOwner ? (
            <>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={onEdit}
                onPointerEnter={onIntent}
                onFocus={onIntent}
              >
                <Pencil aria-hidden="true" />
                Modifier<span className="sr-only"> le service {service.title}</span>
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="text-red-700 hover:text-red-800"
                onClick={onDelete}
                onPointerEnter={onIntent}
                onFocus={onIntent}
              >
                <Trash2 aria-hidden="true" />
                Supprimer<span className="sr-only"> le service {service.title}</span>
              </Button>
            </>
          ) : null}
        </CardFooter>
      ) : null}
    </Card>
  );
}
