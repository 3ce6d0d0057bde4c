/** /lang-config: the interface language and the language of mails (SPEC.md 2 Tools). */
export function LangConfigPage() {
  return null;
}

export { LangConfigPage as Component };
