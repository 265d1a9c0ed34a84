import { genericApiErrors } from '@synergie/shared/generic-errors';
import type * as React from 'react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '~/components/query-state';
import { RequireAuth } from '~/features/auth';
import { useMe } from '~/features/profile';
import { notify } from '~/lib/toast';

function AdminOnly({ children }: { children: React.ReactNode }) {
  const me = useMe();
  const navigate = useNavigate();
  const refused = me.isSuccess && !me.data.isAdmin;
  useEffect(() => {
    if (!refused) return;
    notify.error(genericApiErrors.FORBIDDEN.message);
    navigate('/', { replace: true });
  }, [refused, navigate]);
  if (!me.isSuccess || refused) {
    return <Loading variant="spinner" />;
  }
  return <>{children}</>;
}

/** Admin pages: a session, then the admin role ('Accès non autorisé' then / otherwise). The API checks it again. */
export function RequireAdmin({ children }: { children: React.ReactNode }) {
  return (
    <RequireAuth>
      <AdminOnly>{children}</AdminOnly>
    </RequireAuth>
  );
}
