/** Given/want cases of the link and anchor reader the README link check relies on. */
import { describe, expect, it } from 'vitest';
import { anchorsOf, linksOf, slugOf } from './markdown-links.js';

describe('markdown-links', () => {
  it('finds links with their lines, ignoring code blocks and inline code', () => {
    const given = [
      'See [the drain](docs/ops.md#stopping-the-drain) and ![chart](img/c.png "Chart").',
      '```sh',
      'echo "[not](a-link.md)"',
      '```',
      'Code `[no](x.md)` spans, and one that wraps `[no',
      '](y.md)` too; [`npm run login`](#try-it "title").',
    ].join('\n');
    expect(linksOf(given)).toEqual([
      { line: 1, target: 'docs/ops.md#stopping-the-drain' },
      { line: 1, target: 'img/c.png' },
      { line: 6, target: '#try-it' },
    ]);
  });

  it('gives headings GitHub anchors, numbering repeats', () => {
    const given = [
      '# Kingshot MCP',
      '## The account endpoint (`/mcp/account`)',
      '### Adding a view (a `get_master` view, say)',
      '## Stopping: the drain',
      '## Notes',
      '## Notes',
      '```',
      '# not a heading',
      '```',
    ].join('\n');
    expect([...anchorsOf(given)]).toEqual([
      'kingshot-mcp',
      'the-account-endpoint-mcpaccount',
      'adding-a-view-a-get_master-view-say',
      'stopping-the-drain',
      'notes',
      'notes-1',
    ]);
  });

  it('keeps link text and drops punctuation in a slug', () => {
    expect(slugOf('See [BENCHMARKS](BENCHMARKS.md): issue 9, item 7')).toBe('see-benchmarks-issue-9-item-7');
  });
});
