// Where a stored image is served (app/api/attachments/[id]): by opaque id only, never by file name.
export const attachmentUrl = (id: string) => `/api/attachments/${id}`;
