// A plugin's manifest in the order its author wrote it. jsonb keeps an object's members shortest name
// first, then bytewise, so the stored `manifest` object loses the order of a schema's `properties` (the
// order a form shows the fields in). The manifest's JSON text is kept alongside as a jsonb string
// (`manifest_text`, which keeps every character: JSON.stringify escapes U+0000 and lone surrogates),
// stamped with the revision it was written at. A node whose text is missing or older than its revision
// (written before the text was kept, or upgraded by a replica that did not keep it) reads the object,
// in jsonb's order, as before: no stored row needs rewriting to stay readable.
import { decodeDocument, encodeDocument } from './document-codec.js';
import type { Manifest } from './manifest.js';

/** The members of a plugin node's props that hold its manifest. */
export interface ManifestProps {
  /** The manifest as installed, optional fields filled (stored encoded: document-codec.ts). */
  manifest: Manifest;
  /** Its JSON text as registered: members in the author's order. */
  manifest_text?: string;
  /** The revision `manifest_text` was written at. */
  manifest_text_revision?: number;
}

/** The props that store manifest `m` at `revision`. */
export function manifestProps(m: Manifest, revision: number): Required<ManifestProps> {
  return { manifest: encodeDocument(m), manifest_text: JSON.stringify(m), manifest_text_revision: revision };
}

/** Whether the node's props hold the manifest's text for their revision (its author's order). */
export function keepsOrder(props: ManifestProps & { revision: number }): boolean {
  return typeof props.manifest_text === 'string' && props.manifest_text_revision === props.revision;
}

/** The manifest as installed: from its text when it is current, else from the jsonb object. */
export function storedManifest(props: ManifestProps & { revision: number }): Manifest {
  return keepsOrder(props) ? (JSON.parse(props.manifest_text!) as Manifest) : decodeDocument(props.manifest);
}
