-- The API connects as app_api: no superuser, owns nothing, so row-level security applies to it.
-- analyst is a read-only role for the documented `read` schema (projections/README.md).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_api') THEN
    CREATE ROLE app_api LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'analyst') THEN
    CREATE ROLE analyst NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
END $$;

CREATE SCHEMA IF NOT EXISTS read;
GRANT USAGE ON SCHEMA read TO app_api, analyst;
ALTER DEFAULT PRIVILEGES IN SCHEMA read GRANT SELECT ON TABLES TO analyst;
