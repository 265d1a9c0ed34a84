import { Mail, MapPin, Phone } from 'lucide-react';
import { PageHero } from '~/components/layout/page-hero';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { ContactForm } from '~/features/contact';
import { organizationJsonLd, seo } from '~/lib/seo';
import { CONTACT } from '~/lib/site';

export const meta = () =>
  seo({
    title: 'Contact',
    description:
      'Contactez l’équipe Synergie Pro : une question sur l’adhésion, les événements ou le programme de parrainage ? Écrivez-nous, nous répondons rapidement.',
    path: '/contact',
    jsonLd: {
      '@type': 'ContactPage',
      name: 'Contact',
      mainEntity: { ...organizationJsonLd(), email: CONTACT.email, telephone: CONTACT.phone },
    },
  });

const infos = [
  { icon: Mail, title: 'Email', value: CONTACT.email, href: `mailto:${CONTACT.email}` },
  { icon: Phone, title: 'Téléphone', value: CONTACT.phone, href: CONTACT.phoneHref },
  { icon: MapPin, title: 'Adresse', value: CONTACT.address },
];

export default function ContactPage() {
  return (
    <>
      <PageHero title="Contactez-nous">
        <p>Une question sur le réseau, l’adhésion ou un partenariat ? Notre équipe vous répond rapidement.</p>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:px-8">
        <section aria-labelledby="contact-form-title" className="lg:col-span-2">
          <Card>
            <CardHeader>
              <h2 id="contact-form-title" className="text-2xl font-semibold">
                Envoyez-nous un message
              </h2>
              <p className="text-sm text-slate-600">Tous les champs sont obligatoires.</p>
            </CardHeader>
            <CardContent>
              <ContactForm />
            </CardContent>
          </Card>
        </section>
        <section aria-labelledby="contact-infos-title" className="flex flex-col gap-4">
          <h2 id="contact-infos-title" className="sr-only">
            Nos coordonnées
          </h2>
          {infos.map((info) => (
            <Card key={info.title}>
              <CardHeader className="flex-row items-center gap-4">
                <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  <info.icon aria-hidden="true" className="size-6" />
                </span>
                <div>
                  <CardTitle className="text-base">{info.title}</CardTitle>
                  {info.href ? (
                    <a href={info.href} className="text-sm text-brand-700 hover:underline">
                      {info.value}
                    </a>
                  ) : (
                    <p className="text-sm text-slate-700">{info.value}</p>
                  )}
                </div>
              </CardHeader>
            </Card>
          ))}
        </section>
      </div>
    </>
  );
}
