import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableMessageRow, TableRow } from './table';

describe('Table', () => {
  it('is a named table whose headers label their columns, with a message row when empty', () => {
    render(
      <Table caption="Recent test transactions">
        <TableHeader>
          <TableRow>
            <TableHead>Method</TableHead>
            <TableHead>Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableMessageRow colSpan={2}>No test transactions yet.</TableMessageRow>
        </TableBody>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Recent test transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Method', 'Amount']);
    expect(within(table).getByRole('cell', { name: 'No test transactions yet.' })).toHaveAttribute(
      'colspan',
      '2',
    );
  });

  it('shows its rows', () => {
    render(
      <Table caption="Payments">
        <TableBody>
          <TableRow>
            <TableCell>Card</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole('cell', { name: 'Card' })).toBeInTheDocument();
  });
});
