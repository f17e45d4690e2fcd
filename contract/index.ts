export * from "./common";
export * from "./auth";
export * from "./tasks";
export * from "./extract";
export * from "./premium";
export * from "./daily";
export * from "./routes";
