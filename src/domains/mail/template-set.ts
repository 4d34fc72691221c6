/** One email kind's templates for one locale: subject (one line), HTML part and plain-text part. */
export interface TemplateSet {
  subject: string;
  html: string;
  text: string;
}
