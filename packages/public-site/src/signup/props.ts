/**
 * Props of the public pages' signup dialog (SPEC.md 2: signup opens a modal on desktop): the page's
 * language and the member app's signup texts in it, rendered by the server from the catalogues (access
 * signup.*, errors, common), so the browser downloads no catalogue.
 */
export interface SignupDialogProps {
  /** The page's language: sent as the member's language, and the month names' locale. */
  lang: string;
  /** BCP 47 tag for the month names (`nl-NL`). */
  locale: string;
  texts: SignupTexts;
  /** The texts of the signup rules (contracts SIGNUP_RULE_TEXTS) by key, filled in. */
  rules: Record<string, string>;
}

/** The dialog's own texts, in the page's language. */
export interface SignupTexts {
  title: string;
  intro: string;
  close: string;
  email: string;
  name: string;
  password: string;
  dateOfBirth: string;
  day: string;
  month: string;
  year: string;
  termsBefore: string;
  terms: string;
  and: string;
  privacy: string;
  submit: string;
  loading: string;
  haveAccount: string;
  login: string;
  /** An answer without a message (errors:general) and no connection (errors:network). */
  general: string;
  network: string;
}
