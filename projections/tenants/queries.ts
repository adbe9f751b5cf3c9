/**
 * Typed reads of the tenants read model. Each takes a client inside a tenant-scoped transaction
 * (ctx.read), so row-level security decides which tenants' rows exist for the caller; the public
 * `ecosystem_profiles` table is the one exception (see tables.ts). Lists page by keyset on
 * (sort_name, id), sort_name being lower(name) as the database computed it, so cursors never
 * disagree with the database's ordering; each list walks an index in that order and stops at its
 * page (tables.ts, docs/decisions/0027).
 */
import { DEFAULT_ECOSYSTEM_CONFIG, ecosystemConfigSchema, ecosystemDetailsSchema, type EcosystemConfig, type EcosystemDetails } from '../../domain/ecosystem/config';
import { programDetailsSchema, type ProgramDetails } from '../../domain/program/config';
import type { Queryable } from '../../infra/db/pool';
import { ParsedJson } from '../parsed-json';

/** Settings documents parsed once per distinct text (docs/decisions/0032): rows select them as text. */
const ecosystemDetails = new ParsedJson(ecosystemDetailsSchema);
const programDetails = new ParsedJson(programDetailsSchema);
const ecosystemDefaults = new ParsedJson(ecosystemConfigSchema, 200_000);

export type EcosystemRow = EcosystemDetails & {
  id: string;
  archived: boolean;
  migratedToProgramId: string | null;
  createdAt: Date;
  updatedAt: Date;
  sortKey: string;
};

export type ProgramRow = ProgramDetails & {
  id: string;
  ecosystemId: string;
  archived: boolean;
  isDemo: boolean;
  createdAt: Date;
  updatedAt: Date;
  sortKey: string;
};

/**
 * An ecosystem as lists read it (docs/decisions/0032): its columns and the three terms (looked up
 * inside the settings document, which is not sent). The API loads the full row, batched per
 * request, for a field that needs any other setting.
 */
export type EcosystemSummaryRow = Pick<EcosystemRow,
  'id' | 'name' | 'shortName' | 'type' | 'organizationType' | 'profileId' | 'city' | 'state' | 'isDemoEcosystem' | 'archived'
  | 'migratedToProgramId' | 'createdAt' | 'updatedAt' | 'sortKey' | 'tutorTerm' | 'tuteeTerm' | 'moduleTerm'>;

/** The ecosystem fields a summary carries, so the API resolves them without the full row. */
export const ECOSYSTEM_SUMMARY_TERMS = ['tutorTerm', 'tuteeTerm', 'moduleTerm'] as const;

/** An ecosystem row as the API gets it from a point read (full) or a list (summary). */
export type EcosystemSource = EcosystemRow | EcosystemSummaryRow;

export function isFullEcosystem(e: EcosystemSource): e is EcosystemRow {
  return 'sessionSettings' in e;
}

/**
 * A program as lists read it (docs/decisions/0032): its columns, without the settings document,
 * which a list page rarely shows and which costs the database most of the list's time to send.
 * The API loads the full row, batched per request, for a field that needs a setting.
 */
export type ProgramSummaryRow = Pick<ProgramRow, 'id' | 'ecosystemId' | 'name' | 'shortName' | 'isGlobal' | 'archived' | 'isDemo' | 'createdAt' | 'updatedAt' | 'sortKey'>;

/** A program row as the API gets it from a point read (full) or a list (summary). */
export type ProgramSource = ProgramRow | ProgramSummaryRow;

export function isFullProgram(p: ProgramSource): p is ProgramRow {
  return 'sessions' in p;
}

/** What the branded landing and log-in pages may show before anyone signs in. */
export interface EcosystemProfileRow {
  ecosystemId: string;
  profileId: string;
  name: string;
  shortName: string;
  logoSource: string | null;
  backgroundSource: string | null;
  tutorTerm: string;
  tuteeTerm: string;
  moduleTerm: string;
  supportedLanguages: string[];
  landing: EcosystemDetails['landing'];
  customBannerConfig: EcosystemDetails['customBannerConfig'];
  archived: boolean;
  sortKey: string;
}

/** Keyset position: [sortKey, id] of the last row of the previous page. */
export type NameKey = readonly [string, string];

export interface Page {
  limit: number;
  after: NameKey | null;
}

export interface ListOptions extends Page {
  includeArchived: boolean;
}

interface EcosystemSql {
  id: string;
  archived: boolean;
  migrated_to_program_id: string | null;
  details: string;
  created_at: Date;
  updated_at: Date;
  sort_key: string;
}

interface ProgramSql extends Omit<EcosystemSql, 'migrated_to_program_id'> {
  ecosystem_id: string;
  is_demo: boolean;
}

// sort_key is lower(name), the value sort_name holds, computed rather than read: point reads then also
// work on a build from before sort_name (version 1) while an upgraded deployment rebuilds version 2.
// details as text: parsed (and checked) once per distinct document, not on every read.
const ECOSYSTEM_COLUMNS = 'id, archived, migrated_to_program_id, details::text AS details, created_at, updated_at, lower(name) AS sort_key';
const PROGRAM_COLUMNS = 'id, ecosystem_id, archived, is_demo, details::text AS details, created_at, updated_at, lower(name) AS sort_key';
/**
 * A list row: the ecosystem's columns, and its three terms from its profile row (the same events
 * write both). Reading them out of `details` (`->>` three times) decompressed each row's settings
 * document three times: 1.1 ms of PostgreSQL's time for a page of 20 (benchmark 6a, decision 0033).
 * One primary-key probe per row of the page; LIMIT 1 keeps the planner from turning it into a join
 * over every profile.
 */
const ECOSYSTEM_SUMMARY_FROM = `read.ecosystems e LEFT JOIN LATERAL (
    SELECT p.tutor_term, p.tutee_term, p.module_term FROM read.ecosystem_profiles p WHERE p.ecosystem_id = e.id LIMIT 1) terms ON true`;
const ECOSYSTEM_SUMMARY_COLUMNS = `e.id, e.name, e.short_name, e.type, e.organization_type, e.profile_id, e.city, e.state, e.is_demo, e.archived,
  e.migrated_to_program_id, e.created_at, e.updated_at, lower(e.name) AS sort_key, terms.tutor_term, terms.tutee_term, terms.module_term`;

interface EcosystemSummarySql {
  id: string;
  name: string;
  short_name: string;
  type: string;
  organization_type: string;
  profile_id: string;
  city: string | null;
  state: string | null;
  is_demo: boolean;
  archived: boolean;
  migrated_to_program_id: string | null;
  created_at: Date;
  updated_at: Date;
  sort_key: string;
  tutor_term: string | null;
  tutee_term: string | null;
  module_term: string | null;
}

function toEcosystemSummary(r: EcosystemSummarySql): EcosystemSummaryRow {
  // The columns hold what the projection decided from the same document; a term missing from an old
  // document takes the schema's default, as parsing the whole document would.
  return {
    id: r.id, name: r.name, shortName: r.short_name, type: r.type as EcosystemRow['type'],
    organizationType: r.organization_type as EcosystemRow['organizationType'], profileId: r.profile_id, city: r.city, state: r.state,
    isDemoEcosystem: r.is_demo, archived: r.archived, migratedToProgramId: r.migrated_to_program_id, createdAt: r.created_at,
    updatedAt: r.updated_at, sortKey: r.sort_key, tutorTerm: r.tutor_term ?? DEFAULT_ECOSYSTEM_CONFIG.tutorTerm,
    tuteeTerm: r.tutee_term ?? DEFAULT_ECOSYSTEM_CONFIG.tuteeTerm, moduleTerm: r.module_term ?? DEFAULT_ECOSYSTEM_CONFIG.moduleTerm,
  };
}

const PROGRAM_SUMMARY_COLUMNS = 'id, ecosystem_id, name, short_name, is_global, archived, is_demo, created_at, updated_at, lower(name) AS sort_key';

interface ProgramSummarySql {
  id: string;
  ecosystem_id: string;
  name: string;
  short_name: string;
  is_global: boolean;
  archived: boolean;
  is_demo: boolean;
  created_at: Date;
  updated_at: Date;
  sort_key: string;
}

function toProgramSummary(r: ProgramSummarySql): ProgramSummaryRow {
  return {
    id: r.id, ecosystemId: r.ecosystem_id, name: r.name, shortName: r.short_name, isGlobal: r.is_global, archived: r.archived,
    isDemo: r.is_demo, createdAt: r.created_at, updatedAt: r.updated_at, sortKey: r.sort_key,
  };
}

function toEcosystem(r: EcosystemSql): EcosystemRow {
  return {
    ...ecosystemDetails.parse(r.details),
    id: r.id, archived: r.archived, migratedToProgramId: r.migrated_to_program_id, createdAt: r.created_at, updatedAt: r.updated_at, sortKey: r.sort_key,
  };
}

function toProgram(r: ProgramSql): ProgramRow {
  return {
    ...programDetails.parse(r.details),
    id: r.id, ecosystemId: r.ecosystem_id, archived: r.archived, isDemo: r.is_demo, createdAt: r.created_at, updatedAt: r.updated_at, sortKey: r.sort_key,
  };
}

/** `%term%` for ILIKE with the term's own wildcards taken literally; null for no filter. */
export function containsPattern(term: string | null | undefined): string | null {
  const t = term?.trim();
  return t ? `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/**
 * Point reads by id are prepared once per connection (named statements): their plan is the same
 * for every id, and planning them under row-level security cost more than running them (0032).
 * Lists are not: their keyset condition needs each call's own plan to bound the index scan.
 */
function prepared(name: string, text: string, values: unknown[]): { name: string; text: string; values: unknown[] } {
  return { name: `tenants.${name}`, text, values };
}

export async function getEcosystemById(db: Queryable, id: string): Promise<EcosystemRow | null> {
  const r = await db.query<EcosystemSql>(prepared('ecosystem-by-id', `SELECT ${ECOSYSTEM_COLUMNS} FROM read.ecosystems WHERE id = $1`, [id]));
  return r.rows[0] ? toEcosystem(r.rows[0]) : null;
}

/** The visible ones among `ids`, in no particular order. */
export async function getEcosystemsByIds(db: Queryable, ids: readonly string[]): Promise<EcosystemRow[]> {
  if (ids.length === 0) return [];
  const r = await db.query<EcosystemSql>(prepared('ecosystems-by-ids', `SELECT ${ECOSYSTEM_COLUMNS} FROM read.ecosystems WHERE id = ANY($1::uuid[])`, [ids]));
  return r.rows.map(toEcosystem);
}

export async function getEcosystemByProfileId(db: Queryable, profileId: string): Promise<EcosystemRow | null> {
  const r = await db.query<EcosystemSql>(`SELECT ${ECOSYSTEM_COLUMNS} FROM read.ecosystems WHERE profile_id = $1`, [profileId]);
  return r.rows[0] ? toEcosystem(r.rows[0]) : null;
}

/**
 * Ecosystems whose name, short name, profile id or city contains `term` (all when blank), by name.
 * The name index gives the order and the page; a term is a filter on that walk (no index serves
 * "contains" under row-level security: ILIKE is not leakproof), so a rare term reads up to every
 * ecosystem of the platform, never any tenant's own rows.
 */
export async function searchEcosystems(db: Queryable, term: string | null, options: ListOptions): Promise<EcosystemSummaryRow[]> {
  const r = await db.query<EcosystemSummarySql>(
    `SELECT ${ECOSYSTEM_SUMMARY_COLUMNS} FROM ${ECOSYSTEM_SUMMARY_FROM}
      WHERE ($1::text IS NULL OR e.name ILIKE $1 OR e.short_name ILIKE $1 OR e.profile_id ILIKE $1 OR e.city ILIKE $1)
        AND ($2 OR NOT e.archived)
        AND ($3::text IS NULL OR (e.sort_name, e.id) > ($3::text, $4::uuid))
      ORDER BY e.sort_name, e.id LIMIT $5`,
    [containsPattern(term), options.includeArchived, options.after?.[0] ?? null, options.after?.[1] ?? null, options.limit]);
  return r.rows.map(toEcosystemSummary);
}

export async function getProgramById(db: Queryable, id: string): Promise<ProgramRow | null> {
  const r = await db.query<ProgramSql>(prepared('program-by-id', `SELECT ${PROGRAM_COLUMNS} FROM read.programs WHERE id = $1`, [id]));
  return r.rows[0] ? toProgram(r.rows[0]) : null;
}

/** The visible ones among `ids`, in no particular order. */
export async function getProgramsByIds(db: Queryable, ids: readonly string[]): Promise<ProgramRow[]> {
  if (ids.length === 0) return [];
  const r = await db.query<ProgramSql>(prepared('programs-by-ids', `SELECT ${PROGRAM_COLUMNS} FROM read.programs WHERE id = ANY($1::uuid[])`, [ids]));
  return r.rows.map(toProgram);
}

/**
 * Programs of the given ecosystems (every visible ecosystem when null), by name. One ecosystem (the
 * programs page) is an equality, so the (ecosystem_id, sort_name, id) index gives filter, order and
 * page at once; `= ANY` of one element would not let the planner use that index's order.
 */
export async function listPrograms(db: Queryable, ecosystemIds: readonly string[] | null, options: ListOptions): Promise<ProgramSummaryRow[]> {
  const one = ecosystemIds?.length === 1;
  const tenant = ecosystemIds === null ? '$1::uuid[] IS NULL' : one ? 'ecosystem_id = $1::uuid' : 'ecosystem_id = ANY($1::uuid[])';
  const r = await db.query<ProgramSummarySql>(
    `SELECT ${PROGRAM_SUMMARY_COLUMNS} FROM read.programs
      WHERE ${tenant}
        AND ($2 OR NOT archived)
        AND ($3::text IS NULL OR (sort_name, id) > ($3::text, $4::uuid))
      ORDER BY sort_name, id LIMIT $5`,
    [one ? ecosystemIds[0] : ecosystemIds, options.includeArchived, options.after?.[0] ?? null, options.after?.[1] ?? null, options.limit]);
  return r.rows.map(toProgramSummary);
}

export function getProgramsByEcosystemId(db: Queryable, ecosystemId: string, options: ListOptions): Promise<ProgramSummaryRow[]> {
  return listPrograms(db, [ecosystemId], options);
}

interface ProfileSql {
  ecosystem_id: string;
  profile_id: string;
  name: string;
  short_name: string;
  logo_source: string | null;
  background_source: string | null;
  tutor_term: string;
  tutee_term: string;
  module_term: string;
  supported_languages: string[];
  landing: unknown;
  custom_banner: unknown;
  archived: boolean;
  sort_key: string;
}

function toProfile(r: ProfileSql): EcosystemProfileRow {
  const shape = ecosystemDetailsSchema.shape;
  return {
    ecosystemId: r.ecosystem_id, profileId: r.profile_id, name: r.name, shortName: r.short_name, logoSource: r.logo_source,
    backgroundSource: r.background_source, tutorTerm: r.tutor_term, tuteeTerm: r.tutee_term, moduleTerm: r.module_term,
    supportedLanguages: r.supported_languages, landing: shape.landing.parse(r.landing), customBannerConfig: shape.customBannerConfig.parse(r.custom_banner),
    archived: r.archived, sortKey: r.sort_key,
  };
}

const PROFILE_COLUMNS = '*, lower(name) AS sort_key';

/** The public profile at `profileId` (also when archived: the caller decides what to show). */
export async function getEcosystemProfile(db: Queryable, profileId: string): Promise<EcosystemProfileRow | null> {
  const r = await db.query<ProfileSql>(`SELECT ${PROFILE_COLUMNS} FROM read.ecosystem_profiles WHERE profile_id = $1`, [profileId]);
  return r.rows[0] ? toProfile(r.rows[0]) : null;
}

/** Unarchived public profiles whose name, short name or profile id contains `term`, by name. */
export async function searchEcosystemProfiles(db: Queryable, term: string | null, page: Page): Promise<EcosystemProfileRow[]> {
  const r = await db.query<ProfileSql>(
    `SELECT ${PROFILE_COLUMNS} FROM read.ecosystem_profiles
      WHERE ($1::text IS NULL OR name ILIKE $1 OR short_name ILIKE $1 OR profile_id ILIKE $1) AND NOT archived
        AND ($2::text IS NULL OR (sort_name, ecosystem_id) > ($2::text, $3::uuid))
      ORDER BY sort_name, ecosystem_id LIMIT $4`,
    [containsPattern(term), page.after?.[0] ?? null, page.after?.[1] ?? null, page.limit]);
  return r.rows.map(toProfile);
}

/** The customised platform defaults for new ecosystems, or null while the built-in ones apply. */
export async function getPlatformEcosystemDefaults(db: Queryable): Promise<EcosystemConfig | null> {
  const r = await db.query<{ defaults: string }>('SELECT defaults::text AS defaults FROM read.platform_ecosystem_config');
  return r.rows[0] ? ecosystemDefaults.parse(r.rows[0].defaults) : null;
}
