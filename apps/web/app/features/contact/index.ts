// The contact form: the public surface (docs/architecture.md "Feature boundaries").
export { ContactForm } from './components/contact-form';
