import { Field, InputType } from 'type-graphql';

import { Rules } from '../../shared/validation/rules';

/** Longest note, in characters (the `order_notes.text` column holds the same bound). */
export const NOTE_MAX_LENGTH = 2000;

@InputType({ description: 'An internal note on an order.' })
export class OrderNoteInput {
  @Field({ description: `1 to ${NOTE_MAX_LENGTH} characters, trimmed; only whitespace is refused like an empty text.` })
  @Rules({ minLength: 1, maxLength: NOTE_MAX_LENGTH })
  text!: string;
}
