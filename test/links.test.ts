/**
 * The package stands alone (issue 13): every relative link in the README and the docs folder
 * resolves to a file inside this repository (the spec is carried as docs/spec/messaging-api-v1.md),
 * and no document points outside it (`../shared/...` existed only beside a development checkout).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const FILES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

/** `[text](target)` and `[text]: target`, outside fenced code blocks. */
function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  const inline = [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
  const reference = [...prose.matchAll(/^\[[^\]]+\]:\s+(\S+)/gm)].map((m) => m[1]!);
  return [...inline, ...reference];
}

describe('links in README.md and docs/', () => {
  it('finds the documents, the spec among them', () => {
    expect(FILES.map((file) => relative(ROOT, file))).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/spec/messaging-api-v1.md']));
  });

  it('resolves every relative link to a file or folder inside the repository', () => {
    const broken: string[] = [];
    for (const file of FILES) {
      for (const link of linksOf(readFileSync(file, 'utf8'))) {
        if (/^(https?:|mailto:|#)/.test(link)) continue;
        const target = resolve(dirname(file), decodeURIComponent(link.split('#')[0]!));
        const inside = !relative(ROOT, target).startsWith('..');
        if (!inside || !existsSync(target)) broken.push(`${relative(ROOT, file)}: ${link}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names no path outside the repository, even in code spans', () => {
    const outside = FILES.filter((file) => /\.\.\/shared\//.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file));
    expect(outside).toEqual([]);
  });
});
