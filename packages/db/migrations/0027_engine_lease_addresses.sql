-- Where the engine lease's holder serves, so that the processes standing by forward what they
-- receive to it (apps/server/src/cluster/forwarding-server.ts): its HTTP and gRPC `host:port`
-- as the other processes reach them. Null for a holder that gave none (tests of the lease).
ALTER TABLE engine_leases
  ADD COLUMN http_address text,
  ADD COLUMN grpc_address text;
