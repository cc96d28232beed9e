import { asc, count, desc, ilike, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { type Paged, resolvePage } from '@taskhive/contract';

/**
 * The list kit: every repository's `list(scope, query)` answers `{ rows, total }` built with these
 * pieces, and every service turns that into `Paged` with `toPaged`. Nothing else escapes LIKE
 * patterns, picks a sort direction, computes offsets or builds the paged envelope.
 */

/** What every list query carries (the contract's `pageQuery`). */
export type PageParams = {
  page?: number | undefined;
  pageNumber?: number | undefined;
  pageSize: number;
  sortOrder?: 'asc' | 'desc' | undefined;
};

export type ListResult<R> = { rows: R[]; total: number };

/** `%term%` for (I)LIKE with the pattern characters of the term escaped. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `term%` for LIKE, the pattern characters of the term escaped: a "starts with" an index can serve. */
export const prefixPattern = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" over any of the columns, or nothing when there is no term. */
export function searchAny(term: string | undefined, ...columns: SQLWrapper[]): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(...columns.map((c) => ilike(c as SQL, pattern)));
}

/**
 * A sort key that is never null in the list's rows (a NOT NULL column of the listed table, not of
 * a left-joined one, or an expression of such columns). `sortBy` orders it without `nulls last`:
 * the same order, and one a B-tree index serves in both directions. PostgreSQL does not use the
 * constraint to match `desc nulls last` to a backward index scan, so a descending page sorted
 * every row of the company instead of reading an index's first entries (All Tasks, issue 24).
 */
export class NonNullKey {
  constructor(readonly key: SQL | SQLWrapper) {}
}
export const nonNull = (key: SQL | SQLWrapper) => new NonNullKey(key);

/**
 * ORDER BY for a list: the chosen sort key in the asked direction (nulls last, unless `nonNull`),
 * then the tie-breakers in the same direction so pages never overlap or skip rows.
 */
export function sortBy<K extends string>(
  keys: Record<K, SQL | SQLWrapper | NonNullKey>,
  key: K,
  order: 'asc' | 'desc' | undefined,
  ...tieBreakers: SQLWrapper[]
): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  const k = keys[key];
  const first = k instanceof NonNullKey ? dir(k.key as SQL) : sql`${dir(k as SQL)} nulls last`;
  return [first, ...tieBreakers.map((t) => dir(t as SQL))];
}

/** The page asked for, and its LIMIT/OFFSET. */
export function pageWindow(q: PageParams): { page: number; limit: number; offset: number } {
  const page = resolvePage(q);
  return { page, limit: q.pageSize, offset: (page - 1) * q.pageSize };
}

/** `count(*)` as a number, for the total of a list's count query. */
export const countAll = () => count();

/** The first row's `n` of a count query (0 when there is none). */
export async function totalOf(query: PromiseLike<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return row?.n ?? 0;
}

/** The one way a list becomes the paged answer `{ items, totalCount, pageNumber, pageSize, totalPages }`. */
export function toPaged<R, T>(q: PageParams, result: ListResult<R>, map: (row: R) => T): Paged<T> {
  return {
    items: result.rows.map(map),
    totalCount: result.total,
    pageNumber: resolvePage(q),
    pageSize: q.pageSize,
    totalPages: Math.ceil(result.total / q.pageSize),
  };
}
