import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** Every .tsx file of the member app (the back office under admin/ speaks English and Dutch only). */
function memberFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'admin' ? [] : memberFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

describe('forms validate with our texts, never the browser tooltip (SPEC.md 5)', () => {
  it('marks every form of the member app noValidate, so the member sees our message in their language', () => {
    const offenders = memberFiles(src).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      // A <form ...> opening tag, attributes over several lines included.
      return [...text.matchAll(/<form\b[^>]*>/g)]
        .filter((match) => !/\bnoValidate\b/.test(match[0]))
        .map((match) => `${path.relative(src, file)}: ${match[0].replace(/\s+/g, ' ').slice(0, 80)}`);
    });
    expect(offenders).toEqual([]);
  });
});
