--! Previous: sha1:60d6bfe309f380e5f34dd671073867f4013d9f69
--! Hash: sha1:735c82d64bd05752620d2f06c451ea615b73ec8a
--! Message: events without the session index

-- Sessions live in their own table (first touch, landing page), and nothing reads events by
-- session: the index only cost every ingested event one more insert into a random page.
drop index events_session_idx;
