/** The part of oidc-provider 9's API the tests' OpenID Provider uses (the package ships no types). */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface ClientMetadata {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    token_endpoint_auth_method?: string;
  }

  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }

  interface Configuration {
    clients: ClientMetadata[];
    claims?: Record<string, string[]>;
    findAccount(context: unknown, sub: string): Account | Promise<Account>;
    cookies?: { keys: string[] };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
