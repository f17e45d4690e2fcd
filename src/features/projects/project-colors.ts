import { PROJECT_COLOR_HEX, type ProjectColor } from "@contract/projects";

/** A palette entry as people read it: "Sky". */
export function colorLabel(color: ProjectColor): string {
  return color.charAt(0).toUpperCase() + color.slice(1);
}

/** The dot's style for a colour. */
export function colorDot(color: ProjectColor) {
  return { backgroundColor: PROJECT_COLOR_HEX[color] };
}
