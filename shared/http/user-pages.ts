// How HTML that may show a signed-in visitor's data is sent; which pages those are is shared/paths.ts's isUserPage.

/** Cache-Control of HTML that may show or act on a signed-in visitor's data: never stored anywhere. */
export const privateNoStore = "private, no-store";
