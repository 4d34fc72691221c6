import { Field, InputType, Int, ObjectType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';
import { Clearable, Rules } from '../../shared/validation/rules';

@ObjectType({ description: 'An uploaded file.' })
export class Media {
  @Field(() => UuidScalar) id!: string;
  @Field() filename!: string;
  @Field({ description: 'Detected from the content, never taken from the client.' }) mimeType!: string;
  @Field(() => Int, { description: 'bytes' }) size!: number;
  @Field() url!: string;
  @Field(() => String, { nullable: true }) altText!: string | null;
  @Field(() => Date) createdAt!: Date;
}

export const MediaList = PaginatedList(Media, 'MediaList');

@InputType({
  description:
    'An upload: REST sends multipart/form-data (field `file`, which the adapter turns into a reference); GraphQL clients send `dataBase64` with `filename` (and `contentType` for the SVG fallback).',
})
export class MediaUploadInput {
  @Field({ nullable: true, description: 'A multipart file reference (`upload:file`), set by the REST adapter.' })
  file?: string;
  @Field({ nullable: true, description: 'The file’s bytes, base64-encoded (GraphQL clients).' }) dataBase64?: string;
  @Field({ nullable: true }) @Rules({ maxLength: 255 }) filename?: string;
  @Field({ nullable: true, description: 'Declared type; only used for the SVG fallback.' }) contentType?: string;
  @Clearable() @Field({ nullable: true }) altText?: string;
}

@InputType({ description: 'Changes to an uploaded file: only the given fields change.' })
export class MediaUpdateInput {
  @Clearable()
  @Field(() => String, { nullable: true, description: 'What the image shows, for people who cannot see it.' })
  @Rules({ maxLength: 1000 })
  altText?: string | null;
}

@ObjectType({ description: 'What an upload may be, so a client can refuse a file before sending it.' })
export class MediaLimits {
  @Field(() => Int, { description: 'Largest file in bytes (`server.max_upload_size`; 413 above).' })
  maxUploadBytes!: number;
  @Field(() => [String], { description: 'The MIME types accepted (sniffed from the content).' })
  acceptedTypes!: string[];
}
