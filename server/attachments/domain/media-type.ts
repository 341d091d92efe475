// Whether a stored attachment is an audio clip (everything else stored is an image): the one test
// the grading view, the Prompts page and the import's modality settling share.
export const isAudio = (a: { mimeType: string }) => a.mimeType.startsWith("audio/");
