--! Previous: sha1:208a90993b67b3104cac4598eca7d6f410e8421d
--! Hash: sha1:808fb15bc2150138deb3dd8afa6eefa9e23f1dcb
--! Message: console sessions ended by signing out

-- A console session is a signed expiry (api/admin/auth.ts) that every web process accepts;
-- signing out records it here so that every process refuses it until it would have expired.
create table admin_sessions_ended (
  session text primary key,
  expires_at timestamptz not null
);
