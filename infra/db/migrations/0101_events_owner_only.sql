-- The event log holds secrets the read models keep apart (a user's password hash is in UserRegistered):
-- the API's request role must not read it. Appends go through the owner connection of the command bus
-- (infra/commandbus.ts), which resolvers never reach; resolvers read only `read.*` under row-level
-- security. See docs/decisions/0005-tenant-isolation-rls.md.
REVOKE SELECT, INSERT ON public.events FROM app_api;
REVOKE USAGE ON SEQUENCE public.events_global_position_seq FROM app_api;
