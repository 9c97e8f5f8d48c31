-- Sequence numbers of device commands, drawn by every server instance from one source: two instances
-- never send one device the same number while both wait for its reply (the low 16 bits are used).
create sequence device_command_seq;
