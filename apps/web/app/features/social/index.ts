// One-to-ones (`Tête-à-tête`) and testimonials (`Témoignages`, network-core §3): the public
// surface (docs/architecture.md "Feature boundaries").
export { OneToOnesView } from './components/one-to-ones-view';
export { TestimonialsView } from './components/testimonials-view';
export { WriteTestimonialButton } from './components/write-testimonial-button';
