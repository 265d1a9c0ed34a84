import { Navigate } from 'react-router';

/** /about leads to /a-propos (the server answers 301 on a direct visit). */
export default function RedirectAbout() {
  return <Navigate to="/a-propos" replace />;
}
