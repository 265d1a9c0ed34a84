import { Navigate } from 'react-router';

/** /home and /category/* lead to / (the server answers 301 on a direct visit). */
export default function RedirectHome() {
  return <Navigate to="/" replace />;
}
