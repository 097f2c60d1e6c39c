// One entry of a writing document's table of contents, as the writing machine keeps it.
export interface TocEntry {
  itemIndex: number;
  id: string;
  originalLevel: number;
  /** Never deeper than one below the previous entry, starting at 1. */
  level: number;
  textContent: string;
  position: number;
  /** The heading the cursor is under. */
  isActive: boolean;
  /** Scrolled above the top of the writing area. */
  isScrolledOver: boolean;
}
