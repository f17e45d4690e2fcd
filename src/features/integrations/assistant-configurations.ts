/** Where a configuration goes, and the text to paste there. */
export interface AssistantConfiguration {
  id: "claude-desktop" | "claude-code" | "generic";
  label: string;
  where: string;
  text: string;
}

/**
 * Copy-paste configurations that connect an MCP client to `url` with `token`. Claude Desktop
 * starts local servers only, so it reaches the server through the mcp-remote bridge; the header
 * is passed through an environment variable because some clients split arguments at spaces.
 */
export function assistantConfigurations(url: string, token: string): AssistantConfiguration[] {
  const bridgeArgs = ["-y", "mcp-remote", url, "--header", "Authorization:${TASKLANE_AUTH}"];
  if (url.startsWith("http://")) bridgeArgs.push("--allow-http");
  const desktop = {
    mcpServers: {
      tasklane: { command: "npx", args: bridgeArgs, env: { TASKLANE_AUTH: `Bearer ${token}` } },
    },
  };
  const generic = {
    mcpServers: { tasklane: { type: "http", url, headers: { Authorization: `Bearer ${token}` } } },
  };
  return [
    {
      id: "claude-desktop",
      label: "Claude Desktop",
      where: "Settings → Developer → Edit Config (claude_desktop_config.json), then restart Claude Desktop",
      text: JSON.stringify(desktop, null, 2),
    },
    {
      id: "claude-code",
      label: "Claude Code",
      where: "Run in a terminal",
      text: `claude mcp add --transport http tasklane ${url} --header "Authorization: Bearer ${token}"`,
    },
    {
      id: "generic",
      label: "Other clients",
      where: `Any client that speaks Streamable HTTP: the address ${url} with the header Authorization: Bearer <token>`,
      text: JSON.stringify(generic, null, 2),
    },
  ];
}
