import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { describe, it } from "node:test";
import { ConfigError, loadConfig } from "../src/config.js";

const TOKEN = "an-admin-token-of-32-characters!";

/** Asserts loadConfig refuses `env` with a ConfigError whose message names `variable`. */
function refuses(env: Record<string, string>, variable: string): ConfigError {
  let caught: unknown;
  try {
    loadConfig(env);
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof ConfigError, `expected a ConfigError for ${JSON.stringify(env)}`);
  assert.ok(
    caught.message.includes(variable),
    `message should name ${variable}: ${caught.message}`,
  );
  return caught;
}

describe("loadConfig defaults", () => {
  it("serves on 127.0.0.1:8080 with embedded data in ./data when nothing is set", () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, "127.0.0.1");
    assert.equal(config.dataDir, "./data");
    assert.equal(config.databaseUrl, undefined);
  });

  it("leaves the admin API, TLS, chain URLs and feature switches unset by default", () => {
    const config = loadConfig({});
    assert.equal(config.adminToken, undefined);
    assert.equal(config.tls, undefined);
    assert.equal(config.chainRpcUrl, undefined);
    assert.equal(config.chainWsUrl, undefined);
    assert.deepEqual(config.features, {});
    assert.equal(config.logLevel, "info");
  });

  it("treats empty variables as unset", () => {
    const config = loadConfig({ PORT: "", HOST: "", ADMIN_TOKEN: "", QUESTS_ENABLED: "" });
    assert.equal(config.port, 8080);
    assert.equal(config.host, "127.0.0.1");
    assert.equal(config.adminToken, undefined);
    assert.deepEqual(config.features, {});
  });
});

describe("loadConfig reads valid values", () => {
  it("reads PORT, HOST, DATA_DIR, LOG_LEVEL and ADMIN_TOKEN", () => {
    const config = loadConfig({
      PORT: "3000",
      HOST: "0.0.0.0",
      DATA_DIR: "/var/lib/questpoints",
      LOG_LEVEL: "debug",
      ADMIN_TOKEN: TOKEN,
    });
    assert.equal(config.port, 3000);
    assert.equal(config.host, "0.0.0.0");
    assert.equal(config.dataDir, "/var/lib/questpoints");
    assert.equal(config.logLevel, "debug");
    assert.equal(config.adminToken, TOKEN);
  });

  it("accepts an ADMIN_TOKEN of exactly 16 characters", () => {
    assert.equal(loadConfig({ ADMIN_TOKEN: "x".repeat(16) }).adminToken, "x".repeat(16));
  });

  it("reads METRICS_TOKEN apart from ADMIN_TOKEN (unset: /metrics is open)", () => {
    assert.equal(loadConfig({}).metricsToken, undefined);
    const config = loadConfig({ ADMIN_TOKEN: TOKEN, METRICS_TOKEN: "m".repeat(16) });
    assert.equal(config.metricsToken, "m".repeat(16));
    assert.equal(config.adminToken, TOKEN);
  });

  it("accepts postgres:// and postgresql:// database URLs", () => {
    for (const url of ["postgres://u:p@localhost:5432/db", "postgresql://localhost/db"]) {
      assert.equal(loadConfig({ DATABASE_URL: url }).databaseUrl, url);
    }
  });

  it("accepts http(s) RPC and ws(s) WebSocket chain URLs", () => {
    const config = loadConfig({
      CHAIN_RPC_URL: "https://root.rootnet.live/archive",
      CHAIN_WS_URL: "wss://root.rootnet.live/archive/ws",
    });
    assert.equal(config.chainRpcUrl, "https://root.rootnet.live/archive");
    assert.equal(config.chainWsUrl, "wss://root.rootnet.live/archive/ws");
    assert.equal(
      loadConfig({ CHAIN_RPC_URL: "http://127.0.0.1:9933" }).chainRpcUrl,
      "http://127.0.0.1:9933",
    );
    assert.equal(
      loadConfig({ CHAIN_WS_URL: "ws://127.0.0.1:9944" }).chainWsUrl,
      "ws://127.0.0.1:9944",
    );
  });

  it("reads TLS_CERT and TLS_KEY together", () => {
    assert.deepEqual(loadConfig({ TLS_CERT: "/tls/cert.pem", TLS_KEY: "/tls/key.pem" }).tls, {
      cert: "/tls/cert.pem",
      key: "/tls/key.pem",
    });
  });

  it("parses feature switches from true/false/1/0", () => {
    assert.deepEqual(loadConfig({ QUESTS_ENABLED: "true", CAMPAIGNS_ENABLED: "false" }).features, {
      quests: true,
      campaigns: false,
    });
    assert.deepEqual(loadConfig({ QUESTS_ENABLED: "0", CAMPAIGNS_ENABLED: "1" }).features, {
      quests: false,
      campaigns: true,
    });
    assert.deepEqual(
      loadConfig({ QUESTS_ENABLED: "TRUE", CAMPAIGNS_ENABLED: " False " }).features,
      {
        quests: true,
        campaigns: false,
      },
    );
  });

  it("sets only the feature switches that are given", () => {
    assert.deepEqual(loadConfig({ CAMPAIGNS_ENABLED: "false" }).features, { campaigns: false });
  });
});

describe("loadConfig: the load settings", () => {
  const PG = "postgres://u@localhost/db";

  it("defaults to one worker, two concurrent allocation batches and public answers kept 1 s", () => {
    const config = loadConfig({});
    assert.equal(config.workers, 1);
    assert.equal(config.allocationBatching.concurrency, 2);
    assert.equal(config.publicAnswerMaxAgeMs, 1000);
  });

  it("reads WORKERS as a count or auto (one per core), on PostgreSQL", () => {
    assert.equal(loadConfig({ DATABASE_URL: PG, WORKERS: "3" }).workers, 3);
    assert.equal(
      loadConfig({ DATABASE_URL: PG, WORKERS: "auto" }).workers,
      Math.min(64, availableParallelism()),
    );
    assert.equal(loadConfig({ PUBLIC_ANSWER_MAX_AGE_MS: "0" }).publicAnswerMaxAgeMs, 0);
    assert.equal(
      loadConfig({ ALLOCATION_BATCH_CONCURRENCY: "4" }).allocationBatching.concurrency,
      4,
    );
  });

  for (const [name, value] of [
    ["WORKERS", "0"],
    ["WORKERS", "65"],
    ["WORKERS", "many"],
    ["ALLOCATION_BATCH_CONCURRENCY", "0"],
    ["ALLOCATION_BATCH_CONCURRENCY", "1.5"],
    ["PUBLIC_ANSWER_MAX_AGE_MS", "-1"],
    ["PUBLIC_ANSWER_MAX_AGE_MS", "60001"],
    ["READ_REPLICA_LAG_MAX_MS", "0"],
    ["DATABASE_READ_URL", "mysql://replica/app"],
  ] as const) {
    it(`refuses ${name}=${value}, naming it`, () => {
      refuses({ DATABASE_URL: PG, [name]: value }, name);
    });
  }

  it("refuses WORKERS above 1 on the embedded database, naming DATABASE_URL", () => {
    const error = refuses({ WORKERS: "2" }, "WORKERS");
    assert.match(error.message, /DATABASE_URL/);
  });

  it("reads DATABASE_READ_URL with a lag bound of 1 s unless READ_REPLICA_LAG_MAX_MS says", () => {
    const replica = "postgres://replica:5432/app";
    assert.equal(loadConfig({ DATABASE_URL: PG }).readReplica, undefined);
    assert.deepEqual(loadConfig({ DATABASE_URL: PG, DATABASE_READ_URL: replica }).readReplica, {
      url: replica,
      lagMaxMs: 1000,
    });
    const bounded = {
      DATABASE_URL: PG,
      DATABASE_READ_URL: replica,
      READ_REPLICA_LAG_MAX_MS: "250",
    };
    assert.equal(loadConfig(bounded).readReplica?.lagMaxMs, 250);
  });

  it("refuses DATABASE_READ_URL on the embedded database, naming DATABASE_URL", () => {
    const error = refuses({ DATABASE_READ_URL: "postgres://replica/app" }, "DATABASE_READ_URL");
    assert.match(error.message, /DATABASE_URL/);
  });
});

describe("loadConfig refuses bad values, naming the variable", () => {
  it("PORT that is not a number", () => {
    refuses({ PORT: "abc" }, "PORT");
  });

  it("PORT out of range", () => {
    refuses({ PORT: "70000" }, "PORT");
    refuses({ PORT: "65536" }, "PORT");
    refuses({ PORT: "-1" }, "PORT");
  });

  it("PORT that is not a whole number", () => {
    refuses({ PORT: "80.5" }, "PORT");
    refuses({ PORT: "8e3" }, "PORT");
    refuses({ PORT: "0x50" }, "PORT");
  });

  it("unknown LOG_LEVEL", () => {
    refuses({ LOG_LEVEL: "loud" }, "LOG_LEVEL");
  });

  it("QUESTS_ENABLED and CAMPAIGNS_ENABLED that are not booleans", () => {
    refuses({ QUESTS_ENABLED: "maybe" }, "QUESTS_ENABLED");
    refuses({ CAMPAIGNS_ENABLED: "2" }, "CAMPAIGNS_ENABLED");
  });

  it("DATABASE_URL that is not a PostgreSQL URL, without echoing its password", () => {
    refuses({ DATABASE_URL: "mysql://x" }, "DATABASE_URL");
    const error = refuses({ DATABASE_URL: "mysql://admin:hunter2secret@db/app" }, "DATABASE_URL");
    assert.ok(!error.message.includes("hunter2secret"), error.message);
  });

  it("DATABASE_URL that is not a URL at all", () => {
    refuses({ DATABASE_URL: "not a url" }, "DATABASE_URL");
  });

  it("ADMIN_TOKEN shorter than 16 characters, without echoing it", () => {
    const error = refuses({ ADMIN_TOKEN: "short-token-15c" }, "ADMIN_TOKEN");
    assert.ok(!error.message.includes("short-token-15c"), error.message);
  });

  it("METRICS_TOKEN shorter than 16 characters, without echoing it", () => {
    const error = refuses({ METRICS_TOKEN: "short-token-15c" }, "METRICS_TOKEN");
    assert.ok(!error.message.includes("short-token-15c"), error.message);
  });

  it("TLS_CERT without TLS_KEY, and TLS_KEY without TLS_CERT", () => {
    refuses({ TLS_CERT: "/tls/cert.pem" }, "TLS_KEY");
    refuses({ TLS_KEY: "/tls/key.pem" }, "TLS_CERT");
  });

  it("CHAIN_RPC_URL that is not http(s)", () => {
    refuses({ CHAIN_RPC_URL: "ws://127.0.0.1:9944" }, "CHAIN_RPC_URL");
    refuses({ CHAIN_RPC_URL: "ftp://example.com" }, "CHAIN_RPC_URL");
    refuses({ CHAIN_RPC_URL: "localhost:9933" }, "CHAIN_RPC_URL");
  });

  it("CHAIN_WS_URL that is not ws(s)", () => {
    refuses({ CHAIN_WS_URL: "https://example.com" }, "CHAIN_WS_URL");
  });

  it("a bad value is refused even when the other variables are fine", () => {
    refuses({ PORT: "8080", HOST: "0.0.0.0", ADMIN_TOKEN: TOKEN, LOG_LEVEL: "loud" }, "LOG_LEVEL");
  });
});

describe("loadConfig: PUBLIC_BASE_URL and CHAIN_ID, what wallet sign-in messages must name", () => {
  it("defaults to http://localhost:$PORT (its host and port the domain) and chain 7668", () => {
    assert.deepEqual(loadConfig({}).signIn, {
      publicBaseUrl: "http://localhost:8080",
      domain: "localhost:8080",
      chainId: 7668,
    });
    assert.deepEqual(loadConfig({ PORT: "9090" }).signIn, {
      publicBaseUrl: "http://localhost:9090",
      domain: "localhost:9090",
      chainId: 7668,
    });
  });

  it("reads a scheme and host, with or without a port or a trailing slash, and CHAIN_ID", () => {
    for (const [value, publicBaseUrl, domain] of [
      ["https://quests.example.com", "https://quests.example.com", "quests.example.com"],
      ["https://quests.example.com/", "https://quests.example.com", "quests.example.com"],
      [
        "https://quests.example.com:8443",
        "https://quests.example.com:8443",
        "quests.example.com:8443",
      ],
      ["http://127.0.0.1:3000", "http://127.0.0.1:3000", "127.0.0.1:3000"],
    ]) {
      const { signIn } = loadConfig({ PUBLIC_BASE_URL: value!, CHAIN_ID: "7672" });
      assert.deepEqual(signIn, { publicBaseUrl, domain, chainId: 7672 }, value);
    }
  });

  for (const value of [
    "https://quests.example.com/app",
    "https://quests.example.com/?join=1",
    "https://quests.example.com/#join",
    "https://someone@quests.example.com",
    "ftp://quests.example.com",
    "ws://quests.example.com",
    "quests.example.com",
    "not a url",
  ]) {
    it(`refuses PUBLIC_BASE_URL=${value}, naming it`, () => {
      refuses({ PUBLIC_BASE_URL: value }, "PUBLIC_BASE_URL");
    });
  }
  it("refuses a host no EIP-4361 message can name (an IPv6 literal), naming it and what to use instead", () => {
    for (const value of ["http://[::1]:8080", "https://[2001:db8::1]", "http://my_host:8080"]) {
      const error = refuses({ PUBLIC_BASE_URL: value }, "PUBLIC_BASE_URL");
      assert.ok(error.message.includes(new URL(value).host), error.message);
      assert.match(error.message, /http:\/\/localhost:8080/);
      assert.match(error.message, /http:\/\/127\.0\.0\.1:8080/);
    }
  });
});
