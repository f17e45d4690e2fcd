import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { BrandLink } from "@/components/layout/brand-link";
import { Button } from "@/components/ui/button";
import { LightBrandLink, lightButtonClass } from "./light-ui";

function html(element: React.ReactElement): string {
  return render(<MemoryRouter>{element}</MemoryRouter>).container.innerHTML;
}

describe("the landing page's light copies of <Button> and <BrandLink>", () => {
  it.each(["default", "outline", "ghost"] as const)("styles a link as <Button variant=%s>", (variant) => {
    const button = render(<Button variant={variant}>Go</Button>).getByRole("button");
    expect(lightButtonClass(variant)).toBe(button.className);
  });

  it("renders exactly what <BrandLink to='/'> renders", () => {
    expect(html(<LightBrandLink />)).toBe(html(<BrandLink to="/" />));
  });
});
