import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * SQL fragments written once (docs/architecture.md "Where does X live"). A member's name as
 * people read it: the profile's full name when it holds more than spaces, else the account's.
 */
export const displayNameText = (user = 'u', profile = 'p') =>
  `coalesce(nullif(btrim(${profile}.full_name), ''), ${user}.name)`;

/** displayNameText as a fragment of a query, for the aliases `user` (the account) and `profile`. */
export const displayName = (user = 'u', profile = 'p'): SQL => sql.raw(displayNameText(user, profile));

/** The same for Drizzle's columns (`profiles.fullName`, `user.name`). */
export const displayNameOf = (fullName: AnyPgColumn, accountName: AnyPgColumn): SQL<string> =>
  sql<string>`coalesce(nullif(btrim(${fullName}), ''), ${accountName})`;
