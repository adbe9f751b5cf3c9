/**
 * A list's rows as a table, or on a phone (components/responsive.ts) as a list of cards: the row
 * components render `<tr>` or `<li>` by their `layout`, and this holds what goes around them. The
 * table scrolls inside its own box when the window is narrower than `minWidth`.
 */
import { Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  /** Accessible name of the table or list. */
  label: string;
  /** The table's column headings (the cards name their facts themselves). */
  columns: readonly string[];
  minWidth: number;
  cards: boolean;
  highlightOnHover?: boolean;
  children: ReactNode;
}

export function RowsOrCards({ label, columns, minWidth, cards, highlightOnHover = true, children }: Props) {
  if (cards) return <Stack component="ul" gap="sm" aria-label={label} className="card-list">{children}</Stack>;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={highlightOnHover} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => <Table.Th key={column} scope="col">{column}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
