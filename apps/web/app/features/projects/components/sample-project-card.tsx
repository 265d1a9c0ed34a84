import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import type { SampleProject } from '../samples';

export function SampleProjectCard({ project, eager = false }: { project: SampleProject; eager?: boolean }) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative">
        <img
          src={project.image}
          alt={project.imageAlt}
          width={800}
          height={500}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[8/5] w-full object-cover"
        />
        <Badge variant="accent" className="absolute left-4 top-4 shadow-sm">
          {project.category}
        </Badge>
      </div>
      <CardHeader>
        <CardTitle>{project.title}</CardTitle>
        <CardDescription className="text-base">{project.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">
        <ul className="flex flex-wrap gap-2" aria-label="Mots-clés">
          {project.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary">{tag}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
