import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CodeFinding, CodeRule } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { paged } from '../../../testing/builders.ts';
import { recordingQueries, scanPageAnswers } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const RULES: CodeRule[] = [
  {
    id: 'unbounded-copy',
    title: 'String copy without a bound',
    severity: 'high',
    cwe: 'CWE-120',
    explanation: 'strcpy copies until the terminating NUL.',
    remedy: 'Use strlcpy.',
    functions: ['strcpy', 'strcat'],
  },
  {
    id: 'shell-execution',
    title: 'Command run through the shell',
    severity: 'medium',
    cwe: 'CWE-78',
    explanation: 'system hands a string to /bin/sh.',
    remedy: 'Use posix_spawn.',
    functions: ['system', 'popen'],
  },
];

const COPY: CodeFinding = { id: 1, path: ['fw.bin', 'rootfs', 'usr/sbin/httpd'], rule: 'unbounded-copy', severity: 'high', cwe: 'CWE-120', evidence: ['strcat', 'strcpy'] };
const SHELL: CodeFinding = { id: 2, path: ['fw.bin', 'rootfs', 'usr/sbin/httpd'], rule: 'shell-execution', severity: 'medium', cwe: 'CWE-78', evidence: ['system'] };

function serve(answer: (query: URLSearchParams) => Response) {
  const { queries, resolve } = recordingQueries(answer);
  server.use(...scanPageAnswers(), mock.get('/rest/scans/{id}/rss-findings/', resolve), mock.get('/rest/static-code-rules/', () => HttpResponse.json(RULES)));
  return queries;
}

const list = (results: CodeFinding[], count = results.length) => HttpResponse.json({ ...paged(results), count });

describe('static code analysis tab', () => {
  it('lists each finding with its executable, rule, severity, CWE and the functions found', async () => {
    serve(() => list([COPY, SHELL]));
    renderRoute('/product/42/static-code-analysis');
    const table = await screen.findByRole('table', { name: 'Static code analysis findings' });
    expect(screen.getByRole('tab', { name: 'Static code analysis' })).toHaveAttribute('aria-selected', 'true');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Executable', 'Rule', 'Severity', 'CWE', 'Found']);
    await waitFor(() => expect(within(table).getAllByText('String copy without a bound')).toHaveLength(1));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['fw.bin / rootfs / usr/sbin/httpd', 'String copy without a bound', 'high', 'CWE-120', 'strcatstrcpy'],
      ['fw.bin / rootfs / usr/sbin/httpd', 'Command run through the shell', 'medium', 'CWE-78', 'system'],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'CWE-120' })).toHaveAttribute('href', 'https://cwe.mitre.org/data/definitions/120.html');
    expect(within(rows[0] as HTMLElement).getByText('String copy without a bound')).toHaveAttribute('title', 'strcpy copies until the terminating NUL.');
  });

  it('sends the rule and severity filters and the search to the server, kept in the URL', async () => {
    const queries = serve((query) => (query.get('rule') === 'shell-execution' ? list([SHELL]) : list([COPY, SHELL], 30)));
    const { router } = renderRoute('/product/42/static-code-analysis?offset=25');
    await screen.findByRole('table', { name: 'Static code analysis findings' });
    expect(queries).toEqual(['?limit=25&offset=25']);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Rule', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Command run through the shell' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ rule: 'shell-execution' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?rule=shell-execution&limit=25&offset=0'));
    await user.click(screen.getByLabelText('Severity', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Medium' }));
    await user.type(screen.getByLabelText('Search findings'), 'httpd{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ rule: 'shell-execution', severity: 'medium', q: 'httpd' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?rule=shell-execution&severity=medium&search=httpd&limit=25&offset=0'));
  });

  it('says when no executable breaks a rule, and drops a severity it does not know', async () => {
    const queries = serve(() => list([]));
    const { router } = renderRoute('/product/42/static-code-analysis?severity=critical');
    expect(await screen.findByText('No executable in this scan breaks a rule.')).toBeInTheDocument();
    expect(queries).toEqual(['?limit=25&offset=0']);
    expect(router.state.location.search).toEqual({});
  });

  it("shows the server's reason while the scan is not ready", async () => {
    serve(() => HttpResponse.json({ detail: 'The scan is not ready yet' }, { status: 409 }));
    renderRoute('/product/42/static-code-analysis');
    expect(await screen.findByRole('alert')).toHaveTextContent('The scan is not ready yet');
  });

  it('explains every rule with its remedy in a collapsed section', async () => {
    serve(() => list([COPY]));
    renderRoute('/product/42/static-code-analysis');
    const toggle = await screen.findByRole('button', { name: 'What these rules mean' });
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'));
    const rules = await screen.findByRole('list', { name: 'Rules' });
    const shell = await within(rules).findByRole('listitem', { name: 'Command run through the shell' });
    expect(shell).toHaveTextContent('Functions: system, popen');
    expect(shell).toHaveTextContent('system hands a string to /bin/sh.');
    expect(shell).toHaveTextContent('Instead: Use posix_spawn.');
    expect(within(rules).getAllByRole('listitem')).toHaveLength(2);
  });
});
