import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListTableProps {
  /** Names the table for screen readers and for the browser tests. */
  label: string;
  columns: readonly string[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** Rows that open something when clicked. */
  clickable?: boolean;
  /** Keep every cell on one line (ids, amounts, dates). */
  nowrap?: boolean;
  /** The `<Table.Tr>` rows. */
  children: ReactNode;
}

/** The dashboard's one list layout: a labelled table with a header row, scrolling on narrow screens. */
export function ListTable({ label, columns, minWidth, clickable = false, nowrap = false, children }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover={clickable} verticalSpacing="sm" horizontalSpacing="md" style={nowrap ? { whiteSpace: 'nowrap' } : undefined} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
