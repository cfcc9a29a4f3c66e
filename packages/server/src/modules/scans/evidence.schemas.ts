// GET /rest/scans/{id}/evidence/?uid=: why the engine reports a component, one entry per piece
// of evidence, each pointing at a file (the analysis tab's expanded row).
import { type Static, Type } from 'typebox';

export const EvidenceQuery = Type.Object({
  uid: Type.String({ minLength: 1, maxLength: 256, description: "A component's uid, as result/ lists it." }),
});
export type EvidenceQuery = Static<typeof EvidenceQuery>;

export const ComponentEvidence = Type.Object({
  uid: Type.String(),
  evidence: Type.Array(Type.Object({
    method: Type.Union([Type.Literal('package-metadata'), Type.Literal('signature'), Type.Literal('soname'), Type.Literal('filename')]),
    found_by: Type.String({ description: 'The cataloger or matcher, e.g. debian/dpkg-status.' }),
    path: Type.Array(Type.String(), { description: 'Extended path of the file the evidence sits in.' }),
    offset: Type.Union([Type.Integer(), Type.Null()]),
    text: Type.Union([Type.String(), Type.Null()], { description: 'The matched text or metadata field, bounded to a few hundred characters.' }),
    license: Type.Union([Type.String(), Type.Null()], { description: 'The licence this evidence itself declares.' }),
  }, { title: 'EvidenceItem' })),
  contained_in: Type.Array(Type.String(), { description: 'Uids of the components this one sits inside (a static copy in a package, a jar in a war).' }),
}, { title: 'ComponentEvidence' });
export type ComponentEvidence = Static<typeof ComponentEvidence>;
