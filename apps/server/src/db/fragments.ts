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

/**
 * A member's trade as people read it (issue 31): the trade's feminine label when the member chose
 * the feminine (`profiles.title_form`) and the trade has one, else its label. For the aliases
 * `profile` and `trade` (the trade joined from the member's profile or seat). Lists of trades in
 * general (open seats, the catalogue) read `label`.
 */
export const memberTradeLabelText = (profile = 'p', trade = 't') =>
  `case when ${profile}.title_form = 'feminine' then coalesce(${trade}.label_feminine, ${trade}.label) else ${trade}.label end`;

/**
 * memberTradeLabelText as a fragment of a query; in Drizzle's query builder, name the tables
 * (`memberTradeLabel('profiles', 'trades')`).
 */
export const memberTradeLabel = (profile = 'p', trade = 't') =>
  sql<string | null>`${sql.raw(memberTradeLabelText(profile, trade))}`;
