// The page a citation or a picture opened in the document pane.
export interface ActivePage {
  md5: string;
  page: number;
  /** Bumped on every open, so opening the same page again scrolls to it again. */
  seq: number;
}
