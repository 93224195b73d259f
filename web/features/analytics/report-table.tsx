import type { ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from '#web/components/ui/table';

/** One column of a report table: the first names the row; the rest are right-aligned figures. */
export interface ReportColumn<Row> {
  header: string;
  cell(row: Row): ReactNode;
}

/** The accessible table beside each analytics chart: the same figures, readable without the chart. */
export function ReportTable<Row>({
  caption,
  scrollLabel,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  scrollLabel: string;
  columns: ReportColumn<Row>[];
  rows: Row[];
  rowKey(row: Row): string;
  empty: string;
}) {
  return (
    <Table caption={caption} scrollLabel={scrollLabel}>
      <TableHeader>
        <TableRow>
          {columns.map((column, i) => (
            <TableHead key={column.header} className={i > 0 ? 'text-right' : undefined}>
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableMessageRow colSpan={columns.length}>{empty}</TableMessageRow>
        ) : (
          rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column, i) => (
                <TableCell
                  key={column.header}
                  className={i > 0 ? 'text-right tabular-nums' : 'font-medium text-slate-900'}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
